/** localStorage key of the camera the clerk chose last on this device. */
export const CAMERA_KEY = "watchwin.counter.camera";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the default camera every time
  }
}

export function readCameraPreference(): string | null {
  return storage()?.getItem(CAMERA_KEY) || null;
}

export function writeCameraPreference(deviceId: string | null): void {
  if (deviceId) storage()?.setItem(CAMERA_KEY, deviceId);
  else storage()?.removeItem(CAMERA_KEY);
}
