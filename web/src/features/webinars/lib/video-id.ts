/**
 * YouTube video ids, with the same rules as the server's
 * webinar.ExtractVideoID (internal/webinar/videoid.go). Both are tested with
 * the shared cases in testdata/youtube-ids.json.
 */

/** A bare id: 11–12 letters, digits, '_' or '-'. */
const BARE_VIDEO_ID = /^[A-Za-z0-9_-]{11,12}$/;

/** No real video URL is longer; longer input is not parsed at all. */
const MAX_INPUT = 2048;

/** Hosts whose watch, embed, shorts and live URLs name a video. */
const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "music.youtube.com"]);
const NOCOOKIE_HOSTS = new Set(["youtube-nocookie.com", "www.youtube-nocookie.com"]);
const SHORT_HOSTS = new Set(["youtu.be", "www.youtu.be"]);

/**
 * The bare video id of `input` — an id itself, or one taken from a
 * youtube.com watch / embed / shorts / live URL (www., m. and music. hosts),
 * a youtu.be short link or a youtube-nocookie.com embed URL, with or without
 * scheme and extra query parameters — or null when it names no video.
 */
export function extractVideoId(input: string | null | undefined): string | null {
  if (typeof input !== "string") return null;
  const s = input.trim();
  if (!s || s.length > MAX_INPUT) return null;
  if (BARE_VIDEO_ID.test(s)) return s;

  let raw = s;
  if (raw.startsWith("//")) raw = `https:${raw}`;
  else if (!raw.includes("://")) raw = `https://${raw}`;

  // The browser's URL parser is more forgiving than Go's net/url: it treats
  // backslashes as slashes and resolves "." and ".." segments. Refuse what
  // Go would refuse or read differently, so both sides agree.
  if (raw.includes("\\")) return null;
  const scheme = raw.slice(0, raw.indexOf("://")).toLowerCase();
  if (scheme !== "http" && scheme !== "https") return null;
  const afterScheme = raw.slice(raw.indexOf("://") + 3);
  const authorityEnd = afterScheme.search(/[/?#]/);
  const authority = authorityEnd === -1 ? afterScheme : afterScheme.slice(0, authorityEnd);
  // user@host: a look-alike such as youtube.com@evil.example
  if (authority.includes("@")) return null;
  const rest = authorityEnd === -1 ? "" : afterScheme.slice(authorityEnd);
  const pathEnd = rest.search(/[?#]/);
  const rawPath = pathEnd === -1 ? rest : rest.slice(0, pathEnd);

  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const segs = rawPath.replace(/^\/+|\/+$/g, "").split("/");

  let id = "";
  if (SHORT_HOSTS.has(host)) {
    if (segs.length === 1) id = segs[0];
  } else if (NOCOOKIE_HOSTS.has(host)) {
    if (segs.length === 2 && segs[0] === "embed") id = segs[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segs.length === 1 && segs[0] === "watch") {
      id = url.searchParams.get("v") ?? "";
    } else if (segs.length === 2 && (segs[0] === "embed" || segs[0] === "shorts" || segs[0] === "live")) {
      id = segs[1];
    }
  }
  return BARE_VIDEO_ID.test(id) ? id : null;
}
