/** Query keys of the giveaway feature. */
export const giveawayKeys = {
  all: ["giveaway"] as const,
  winners: () => [...giveawayKeys.all, "winners"] as const,
};
