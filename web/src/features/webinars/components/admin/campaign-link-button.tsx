import { Link2 } from "lucide-react";
import { QRCodeSVG } from "qrcode.react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** A ref code as the server keeps it: lower case, letters, digits and . _ + -, at most 32. */
export function cleanRef(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9._+-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 32);
}

/**
 * Campaign links of a webinar (docs/product.md#where-registrants-came-from):
 * the admin names a channel ("flyer-nov") and gets /webinar/{id}?ref=flyer-nov
 * with a QR code to print. Visitors arriving by it are counted under that
 * source in Reports.
 */
export function CampaignLinkButton({ webinarId, title }: { webinarId: string; title: string }) {
  const [open, setOpen] = useState(false);
  const [ref, setRef] = useState("");
  const inputId = useId();
  const code = cleanRef(ref);
  const url = `${window.location.origin}/webinar/${encodeURIComponent(webinarId)}${code ? `?ref=${code}` : ""}`;
  return (
    <>
      <Button variant="ghost" size="icon" aria-label={`Campaign link for ${title}`} onClick={() => setOpen(true)}>
        <Link2 aria-hidden="true" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Campaign link for {title}</DialogTitle>
            <DialogDescription>
              Name the channel (a flyer, a Facebook group, an e-mail). Registrations from this link show under that
              name in Reports.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={inputId}>Source code</Label>
            <Input id={inputId} value={ref} placeholder="flyer-nov" autoComplete="off" onChange={(e) => setRef(e.target.value)} />
          </div>
          {code && (
            <div className="grid justify-items-center gap-3">
              <output aria-label="Campaign link" className="w-full rounded-md bg-zinc-50 p-2 text-center text-sm break-all">
                {url}
              </output>
              <QRCodeSVG value={url} size={192} marginSize={2} role="img" aria-label={`QR code of ${url}`} />
              <Button variant="outline" onClick={() => window.print()}>
                Print
              </Button>
            </div>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
