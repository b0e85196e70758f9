import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { firstTouch } from "@/lib/first-touch";
import { registrationKeys } from "@/lib/query-keys/registrations";
import { registerResponseSchema, type RegisterResponse, type RegistrationInput } from "@/lib/registrations/schemas";

type RegisterVariables = { webinarId: string; input: RegistrationInput };

/**
 * POST /api/webinars/{id}/registrations: 201 `{registration, created: true}`,
 * or 200 with created false and the first registration when I was already
 * registered (not an error: the dialog takes the 'already registered' path).
 */
function register({ webinarId, input }: RegisterVariables): Promise<RegisterResponse> {
  const source = firstTouch();
  const body = {
    name: input.name,
    email: input.email,
    ...(input.phone ? { phone: input.phone } : {}),
    // Where the visitor came from (docs/product.md#where-registrants-came-from).
    ...(source ? { source } : {}),
  };
  return api.post(`/api/webinars/${encodeURIComponent(webinarId)}/registrations`, body, {
    schema: registerResponseSchema,
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ registration }, { webinarId }) => {
      queryClient.setQueryData(registrationKeys.forWebinar(webinarId), registration);
      return queryClient.invalidateQueries({ queryKey: registrationKeys.mine() });
    },
  });
}
