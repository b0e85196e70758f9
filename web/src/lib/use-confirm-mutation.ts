import { useState } from "react";

type Mutation<TData, TVariables> = {
  isPending: boolean;
  reset: () => void;
  mutateAsync: (variables: TVariables) => Promise<TData>;
};

type Options<TData, TVariables> = {
  mutation: Mutation<TData, TVariables>;
  /** Closes the dialog (after a success, or when the user dismisses it). */
  onClose: () => void;
  onSuccess: (data: TData) => void;
  /** Returns the text the dialog shows for a failure (it may also toast). */
  onFailure: (error: unknown) => string;
};

/**
 * The state of a ConfirmDialog whose confirm button runs a mutation: it
 * cannot be dismissed while the mutation runs, a failure stays in the
 * dialog until the next try or until it is closed, and a success closes it.
 * Spread `dialog` into the ConfirmDialog and call `confirm` from onConfirm.
 */
export function useConfirmMutation<TData, TVariables>({
  mutation,
  onClose,
  onSuccess,
  onFailure,
}: Options<TData, TVariables>) {
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (mutation.isPending) return;
    setFailure(null);
    mutation.reset();
    onClose();
  };

  const confirm = async (variables: TVariables) => {
    setFailure(null);
    let data: TData;
    try {
      data = await mutation.mutateAsync(variables);
    } catch (error) {
      setFailure(onFailure(error));
      return;
    }
    onSuccess(data);
    onClose();
  };

  return {
    dialog: {
      busy: mutation.isPending,
      error: failure,
      onOpenChange: (open: boolean) => {
        if (!open) close();
      },
    },
    confirm,
  };
}
