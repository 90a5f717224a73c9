import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Field, inputClass } from "~/ui/Field";
import { PasswordInput } from "~/ui/PasswordInput";
import { PhoneField } from "~/ui/PhoneField";

type AccountFieldName = "username" | "email" | "password" | "contactNumber";

const types = { username: "text", email: "email", password: "password", contactNumber: "tel" } as const;
const autoComplete = { username: "name", email: "email", password: "new-password", contactNumber: "tel" } as const;

/** The part of useApiForm the fields need: each control's props and its message. */
interface FieldSource<N extends string> {
  field: (name: N) => UseFormRegisterReturn & { defaultValue?: string };
  error: (name: N) => string | undefined;
}

/** New-account fields as the sign-up and first-staff forms show them: labels, hints, keyboards. */
export function AccountFields<N extends AccountFieldName>({ names, form }: { names: readonly N[]; form: FieldSource<N> }) {
  const { t } = useTranslation("accounts");
  const hints: Partial<Record<AccountFieldName, string>> = {
    password: t("fields.passwordHint"),
  };
  // The phone number comes with its country code's select, posted as `phoneCountry` (decision 112).
  const country = "phoneCountry" as N;
  return names.map((name) =>
    name === "contactNumber" ? (
      <PhoneField
        key={name}
        label={t(`fields.${name}`)}
        number={form.field(name)}
        error={form.error(name)}
        country={form.field(country)}
        countryError={form.error(country)}
      />
    ) : (
      <Field key={name} label={t(`fields.${name}`)} error={form.error(name)} hint={hints[name]}>
        {({ id, describedBy, invalid }) => {
          const props = {
            id,
            autoComplete: autoComplete[name],
            dir: name === "username" ? undefined : "ltr",
            className: inputClass,
            "aria-describedby": describedBy,
            "aria-invalid": invalid,
            ...form.field(name),
          };
          return name === "password" ? <PasswordInput {...props} /> : <input type={types[name]} {...props} />;
        }}
      </Field>
    ),
  );
}
