/** What the upload's last answer was, as Uppy hands it over with an upload error. */
type ErrorResponse = { status?: number; body?: { xhr?: { responseText?: string } } } | undefined;

/**
 * The server's reason for refusing an upload, in one line: its JSON error message
 * ({"error":{"message"}}), or its plain text; else the uploader's own message.
 */
export function uploadErrorMessage(error: { message?: string } | undefined, response: ErrorResponse): string {
  const text = response?.body?.xhr?.responseText?.trim();
  if (text) {
    try {
      const message = (JSON.parse(text) as { error?: { message?: unknown } })?.error?.message;
      if (typeof message === "string" && message) return message;
    } catch {
      // Plain text: tus answers its refusals as text.
    }
    if (!text.startsWith("<")) return text.split("\n")[0];
  }
  if (response?.status === undefined || response.status === 0) return "The upload lost its connection. Press Resume to go on.";
  return error?.message || "The upload failed.";
}
