import { useCallback, useEffect, useRef, useState } from "react";
import { createQrDecoder, type QrDecoder } from "../lib/decoder";
import { readCameraPreference, writeCameraPreference } from "../lib/camera-preference";

/** Pause between two decodes of the live picture: about six frames a second. */
const SCAN_INTERVAL_MS = 150;

export type CameraStatus =
  | "starting"
  | "scanning"
  | "off"
  /** Permission refused (by the clerk or the browser's settings). */
  | "denied"
  /** No camera on this device. */
  | "no-camera"
  /** No camera API here (an http:// page, an old browser). */
  | "unsupported"
  /** No QR decoder could start here (the code field still works). */
  | "no-decoder"
  /** Anything else (camera busy in another app…). */
  | "failed";

export type CameraDevice = { deviceId: string; label: string };

/** A camera track whose capabilities may name a torch (not yet in TypeScript's DOM types). */
type TorchTrack = Omit<MediaStreamTrack, "getCapabilities"> & {
  getCapabilities?: () => MediaTrackCapabilities & { torch?: boolean };
};

/** The status a getUserMedia failure stands for. */
function statusOfCameraError(error: unknown): CameraStatus {
  const name = error instanceof DOMException || error instanceof Error ? error.name : "";
  if (name === "NotAllowedError" || name === "SecurityError" || name === "PermissionDeniedError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "DevicesNotFoundError") return "no-camera";
  return "failed";
}

/** The back camera by default; the remembered one when it is still there. */
async function openCamera(deviceId: string | null): Promise<MediaStream> {
  const size = { width: { ideal: 1280 }, height: { ideal: 720 } };
  if (deviceId) {
    try {
      return await navigator.mediaDevices.getUserMedia({ audio: false, video: { ...size, deviceId: { exact: deviceId } } });
    } catch (error) {
      if (statusOfCameraError(error) !== "no-camera") throw error;
      writeCameraPreference(null); // that camera is gone: forget it, take the default
    }
  }
  return navigator.mediaDevices.getUserMedia({ audio: false, video: { ...size, facingMode: { ideal: "environment" } } });
}

async function listCameras(): Promise<CameraDevice[]> {
  const devices = await navigator.mediaDevices.enumerateDevices().catch(() => []);
  return devices
    .filter((d) => d.kind === "videoinput" && d.deviceId)
    .map((d, i) => ({ deviceId: d.deviceId, label: d.label || `Camera ${i + 1}` }));
}

function stopStream(stream: MediaStream | null) {
  stream?.getTracks().forEach((t) => t.stop());
}

/**
 * The live camera and its QR decoder. Calls `onCode` with the text of every
 * QR code it sees (several times a second while one is in view: the caller
 * drops repeats). Remembers the chosen camera (localStorage); offers the
 * torch where the camera has one.
 */
export function useCameraScanner(onCode: (text: string) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });
  const [enabled, setEnabled] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const [deviceId, setDeviceId] = useState<string | null>(readCameraPreference);
  // The outcome of the current start; until it is in, the camera is "starting".
  const [outcome, setOutcome] = useState<{ attempt: number; status: CameraStatus } | null>(null);
  const [devices, setDevices] = useState<CameraDevice[]>([]);
  const [activeDeviceId, setActiveDeviceId] = useState<string | null>(null);
  const [torch, setTorch] = useState<{ track: TorchTrack; on: boolean } | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const video = videoRef.current;
    let cancelled = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const finish = (status: CameraStatus) => {
      if (!cancelled) setOutcome({ attempt, status });
    };

    (async () => {
      if (!navigator.mediaDevices?.getUserMedia) return finish("unsupported");
      // The decoder first: without one, the camera is not worth asking for.
      let decoder: QrDecoder | null = null;
      try {
        decoder = await createQrDecoder();
      } catch (error) {
        console.error("qr decoder unavailable", error);
      }
      if (cancelled) return;
      if (!decoder) return finish("no-decoder");
      const reader = decoder;
      try {
        stream = await openCamera(deviceId);
      } catch (error) {
        return finish(statusOfCameraError(error));
      }
      if (cancelled) return stopStream(stream);
      const track = stream.getVideoTracks()[0] as TorchTrack | undefined;
      if (!video || !track) return finish("failed");
      video.srcObject = stream;
      try {
        await video.play(); // a muted inline video may autoplay
      } catch {
        // Interrupted by a new start, or autoplay refused: autoPlay starts it when it can.
      }
      if (cancelled) return;
      setActiveDeviceId(track.getSettings().deviceId ?? null);
      setTorch(track.getCapabilities?.().torch ? { track, on: false } : null);
      setDevices(await listCameras()); // names are readable only once permission is granted
      if (cancelled) return;
      finish("scanning");

      const scan = async () => {
        if (cancelled) return;
        if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          try {
            for (const code of await reader.detect(video)) {
              if (!cancelled && code.rawValue) onCodeRef.current(code.rawValue);
            }
          } catch {
            // A frame the decoder could not read: try the next one.
          }
        }
        if (!cancelled) timer = setTimeout(() => void scan(), SCAN_INTERVAL_MS);
      };
      void scan();
    })();

    return () => {
      cancelled = true;
      clearTimeout(timer);
      stopStream(stream);
      if (video) video.srcObject = null;
      setTorch(null);
    };
  }, [enabled, attempt, deviceId]);

  const status: CameraStatus = !enabled ? "off" : outcome?.attempt === attempt ? outcome.status : "starting";

  const selectDevice = useCallback((id: string) => {
    writeCameraPreference(id);
    setDeviceId(id);
    setAttempt((n) => n + 1); // "starting" until the new camera is up
  }, []);

  const toggleTorch = useCallback(async () => {
    if (!torch) return;
    const on = !torch.on;
    try {
      await torch.track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
      setTorch({ track: torch.track, on });
    } catch {
      setTorch(null); // the camera refused after all: hide the toggle
    }
  }, [torch]);

  return {
    videoRef,
    status,
    devices,
    activeDeviceId,
    selectDevice,
    torchSupported: torch !== null,
    torchOn: torch?.on ?? false,
    toggleTorch,
    start: () => {
      setEnabled(true);
      setAttempt((n) => n + 1);
    },
    stop: () => setEnabled(false),
  };
}
