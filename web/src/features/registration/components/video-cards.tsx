import { ExternalLink, MessageCircleQuestion, X } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cardShowsAt, isSitePath, type VideoCard } from "@/lib/video-cards/schemas";
import { useCardClick } from "../api/video-cards";

type VideoCardsProps = {
  webinarId: string;
  cards: VideoCard[];
  /** The whole second of the video playing now. */
  second: number;
  /**
   * "Ask a question" of a question card: app/ passes the questions feature's
   * handler (the second playing). Without one, a question card shows no button.
   */
  onAskQuestion?: (second: number) => void;
};

/**
 * The store's cards over the video (docs/product.md#cards-in-the-video): the card of the second
 * playing now, in a corner of the player, with its link or "Ask a question" and a button that
 * hides it. A polite live region announces each card as it appears; each card's click is
 * counted once per page view.
 */
export function VideoCards({ webinarId, cards, second, onAskQuestion }: VideoCardsProps) {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const click = useCardClick(webinarId);
  const counted = useRef(new Set<string>());
  const card = cards.find((c) => cardShowsAt(c, second) && !hidden.has(c.id));

  const count = (id: string) => {
    if (counted.current.has(id)) return;
    counted.current.add(id);
    click.mutate(id);
  };

  const announcement = card ? `Card: ${card.title}${card.line ? `. ${card.line}` : ""}` : "";
  return (
    <>
      <div aria-live="polite" className="sr-only">
        {announcement}
      </div>
      {card && (
        <div
          role="group"
          aria-label={`Card: ${card.title}`}
          data-testid="video-card"
          className="absolute top-3 right-3 z-10 grid w-[min(22rem,calc(100%-1.5rem))] gap-2 rounded-lg border border-zinc-200 bg-white/95 p-3 text-ink shadow-lg"
        >
          <div className="flex items-start gap-2">
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="font-bold leading-snug">{card.title}</p>
              {card.line && <p className="text-sm text-zinc-700">{card.line}</p>}
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="-mt-1 -mr-1 size-7 shrink-0"
              aria-label={`Hide card: ${card.title}`}
              onClick={() => setHidden((h) => new Set(h).add(card.id))}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
          {card.action === "link" && (
            <Button asChild size="sm" className="w-fit">
              <a
                href={card.link_url}
                target="_blank"
                rel={isSitePath(card.link_url) ? "noopener" : "noopener noreferrer"}
                onClick={() => count(card.id)}
              >
                {isSitePath(card.link_url) ? "See it on our site" : "Open the link"}
                <ExternalLink aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </Button>
          )}
          {card.action === "question" && onAskQuestion && (
            <Button
              type="button"
              size="sm"
              className="w-fit"
              onClick={() => {
                count(card.id);
                onAskQuestion(second);
              }}
            >
              <MessageCircleQuestion aria-hidden="true" />
              Ask a question
            </Button>
          )}
        </div>
      )}
    </>
  );
}
