import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminQueryFreshness } from "@/lib/admin-query";
import { api } from "@/lib/api";
import { settingsKeys } from "@/lib/site-settings/keys";
import { z } from "@/lib/zod";

/** The POS import file's column names, in the file's order (docs/api.md#books-settings). */
export const POS_COLUMNS = [
  ["number", "Gift card number"],
  ["issue_date", "Issue date"],
  ["original_value", "Original value"],
  ["balance", "Current balance"],
  ["customer", "Customer"],
  ["last_used", "Last used"],
  ["expiration", "Expiration"],
] as const;

/** GET/PUT /api/admin/settings/books: the counter's receipt, the end-of-day e-mail, the POS file, the dormancy. */
export const booksSettingsSchema = z.object({
  pos_receipt_required: z.boolean(),
  end_of_day_email: z.boolean(),
  end_of_day_hour: z.number().int(),
  end_of_day_to: z.string(),
  dormancy_years: z.number().int(),
  pos_headers: z.object({
    number: z.string(),
    issue_date: z.string(),
    original_value: z.string(),
    balance: z.string(),
    customer: z.string(),
    last_used: z.string(),
    expiration: z.string(),
  }),
});
export type BooksSettings = z.infer<typeof booksSettingsSchema>;

const booksKey = () => [...settingsKeys.admin(), "books"] as const;

export function useBooksSettings() {
  return useQuery({
    queryKey: booksKey(),
    queryFn: ({ signal }) => api.get("/api/admin/settings/books", { schema: booksSettingsSchema, signal }),
    ...adminQueryFreshness,
  });
}

/** PUT /api/admin/settings/books ('Books settings saved!'); 400 names the bad field. */
export function useSaveBooksSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BooksSettings) => api.put("/api/admin/settings/books", input, { schema: booksSettingsSchema }),
    onSuccess: (saved) => queryClient.setQueryData(booksKey(), saved),
  });
}
