/** Query keys of the giveaway feature. */
export const giveawayKeys = {
  all: ["giveaway"] as const,
  winners: () => [...giveawayKeys.all, "winners"] as const,
  draws: () => [...giveawayKeys.all, "draws"] as const,
  rulesPage: () => [...giveawayKeys.all, "rules-page"] as const,
  publicDraw: (id: string) => [...giveawayKeys.all, "public-draw", id] as const,
  adminRules: () => [...giveawayKeys.all, "admin-rules"] as const,
  webinar: (id: string) => [...giveawayKeys.all, "webinar", id] as const,
  terms: (id: string) => [...giveawayKeys.all, "terms", id] as const,
};
