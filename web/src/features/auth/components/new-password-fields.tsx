import type { UseFormRegisterReturn } from "react-hook-form";
import { FormControl, FormField } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";

type NewPasswordFieldsProps = {
  /** Prefix of the inputs' ids ("signup" → signup-password, signup-confirm-password). */
  idPrefix: string;
  passwordLabel: string;
  password: UseFormRegisterReturn;
  confirmPassword: UseFormRegisterReturn;
  errors: { password?: string; confirmPassword?: string };
};

/** A new password and its confirmation, with the sign-up rule stated (sign-up, password reset). */
export function NewPasswordFields({ idPrefix, passwordLabel, password, confirmPassword, errors }: NewPasswordFieldsProps) {
  return (
    <>
      <FormField
        id={`${idPrefix}-password`}
        label={passwordLabel}
        error={errors.password}
        description="At least 6 characters."
      >
        <FormControl>
          <Input type="password" autoComplete="new-password" {...password} />
        </FormControl>
      </FormField>
      <FormField id={`${idPrefix}-confirm-password`} label="Confirm Password" error={errors.confirmPassword}>
        <FormControl>
          <Input type="password" autoComplete="new-password" {...confirmPassword} />
        </FormControl>
      </FormField>
    </>
  );
}
