import { useEffect, useState, type RefObject } from "react";

/** One line of the captions: [start, end) in seconds and its text. */
export type TranscriptCue = { start: number; end: number; text: string };

/** A cue's words without WebVTT's markup (<v Speaker>, <i>, <c.x>). */
function cueText(cue: TextTrackCue): string {
  const vtt = cue as TextTrackCue & { getCueAsHTML?: () => DocumentFragment; text?: string };
  const text = vtt.getCueAsHTML ? (vtt.getCueAsHTML().textContent ?? "") : (vtt.text ?? "").replace(/<[^>]*>/g, "");
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The cues of the video's captions track in `language`, read from the <track> the browser has
 * already parsed (the page parses no WebVTT itself), and the index of the cue playing now (-1:
 * none). The track is kept at least "hidden", so its cues load with the captions switched off.
 */
export function useTrackCues(videoRef: RefObject<HTMLVideoElement | null>, language: string | null) {
  const [state, setState] = useState<{ language: string | null; cues: TranscriptCue[]; active: number }>({
    language: null,
    cues: [],
    active: -1,
  });

  useEffect(() => {
    const element = videoRef.current?.querySelector<HTMLTrackElement>(`track[srclang="${language}"]`);
    const track = element?.track;
    if (!element || !track) return;
    if (track.mode === "disabled") track.mode = "hidden";
    const list = () => Array.from(track.cues ?? []);
    const read = () => setState({ language, cues: list().map((c) => ({ start: c.startTime, end: c.endTime, text: cueText(c) })), active: -1 });
    const onCueChange = () => {
      const current = track.activeCues?.[0];
      const active = current ? list().indexOf(current) : -1;
      setState((s) => (s.active === active ? s : { ...s, active }));
    };
    element.addEventListener("load", read);
    track.addEventListener("cuechange", onCueChange);
    if (element.readyState === 2) read(); // LOADED: parsed before this effect ran
    return () => {
      element.removeEventListener("load", read);
      track.removeEventListener("cuechange", onCueChange);
    };
  }, [videoRef, language]);

  return state.language === language ? state : { cues: [], active: -1 };
}
