import { Camera, CameraOff, Flashlight, FlashlightOff, RotateCcw } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import type { CameraStatus, useCameraScanner } from "../hooks/use-camera-scanner";

type Scanner = ReturnType<typeof useCameraScanner>;

const TYPE_INSTEAD = "You can still type the code, or use a barcode scanner, in the field below.";

/** Why the camera is not scanning, and what to do about it. */
const problems: Partial<Record<CameraStatus, { title: string; text: string; retry: boolean }>> = {
  denied: {
    title: "Camera access was refused",
    text: `Allow the camera for this site in the browser's settings, then tap Try Again. ${TYPE_INSTEAD}`,
    retry: true,
  },
  "no-camera": { title: "No camera found", text: `This device has no camera we can use. ${TYPE_INSTEAD}`, retry: true },
  unsupported: {
    title: "No camera here",
    text: `This browser can't open the camera on this page (it needs a secure https:// address). ${TYPE_INSTEAD}`,
    retry: false,
  },
  "no-decoder": { title: "The QR reader couldn't start", text: `This browser can't run the QR reader. ${TYPE_INSTEAD}`, retry: false },
  failed: {
    title: "The camera couldn't start",
    text: `Another app may be using it. Close it, then tap Try Again. ${TYPE_INSTEAD}`,
    retry: true,
  },
};

/**
 * The live camera picture with an aiming frame, the camera choice (when there
 * are several), the torch (when the camera has one), and a clear message when
 * there is no picture. Every control is a native element with a visible name.
 */
export function CameraPanel({ scanner }: { scanner: Scanner }) {
  const { status, videoRef, devices, activeDeviceId } = scanner;
  const live = status === "scanning" || status === "starting";
  const problem = problems[status];

  return (
    <div className="grid gap-3">
      <div className={live ? "relative overflow-hidden rounded-xl bg-zinc-900" : "hidden"}>
        <video
          ref={videoRef}
          muted
          playsInline
          autoPlay
          aria-label="Camera picture"
          className="aspect-video max-h-[40vh] w-full object-cover sm:aspect-[4/3]"
        />
        {/* The aiming frame: decoration only. */}
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 grid place-items-center">
          <div className="aspect-square h-3/4 rounded-2xl border-4 border-white/80 shadow-[0_0_0_100vmax_rgba(0,0,0,0.25)]" />
        </div>
        <div className="absolute top-2 right-2 flex gap-2">
          {scanner.torchSupported && status === "scanning" && (
            <Button
              variant="secondary"
              size="sm"
              className="bg-white/90"
              aria-pressed={scanner.torchOn}
              onClick={() => void scanner.toggleTorch()}
            >
              {scanner.torchOn ? <FlashlightOff aria-hidden="true" /> : <Flashlight aria-hidden="true" />}
              Torch
            </Button>
          )}
          <Button variant="secondary" size="sm" className="bg-white/90" onClick={scanner.stop}>
            <CameraOff aria-hidden="true" />
            Stop Camera
          </Button>
        </div>
        <p role="status" className="absolute inset-x-0 bottom-0 bg-black/60 px-3 py-1 text-center text-sm font-medium text-white">
          {status === "starting" ? "Starting the camera..." : "Point the camera at the coupon's QR code."}
        </p>
      </div>

      {problem && (
        <Alert variant="warning" role="alert">
          <CameraOff aria-hidden="true" />
          <AlertTitle>{problem.title}</AlertTitle>
          <AlertDescription>
            <p>{problem.text}</p>
            {problem.retry && (
              <Button variant="outline" size="sm" className="mt-2 w-fit" onClick={scanner.start}>
                <RotateCcw aria-hidden="true" />
                Try Again
              </Button>
            )}
          </AlertDescription>
        </Alert>
      )}

      {devices.length > 1 && live && (
        <div className="grid gap-1.5">
          <Label htmlFor="counter-camera">Camera</Label>
          <NativeSelect id="counter-camera" value={activeDeviceId ?? ""} onChange={(e) => scanner.selectDevice(e.target.value)}>
            {devices.map((d) => (
              <option key={d.deviceId} value={d.deviceId}>
                {d.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      )}
      {status === "off" && (
        <Button variant="outline" className="w-fit" onClick={scanner.start}>
          <Camera aria-hidden="true" />
          Start Camera
        </Button>
      )}
    </div>
  );
}
