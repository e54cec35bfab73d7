import { LIMITS } from "../../domain/validation.ts";

type NameField = "firstName" | "lastName";

interface NameFieldsProps {
  firstName: string;
  lastName: string;
  onChange: (name: NameField) => (event: { target: { value: string } }) => void;
  /** Off where an admin types someone else's name, so the browser does not offer the admin's own. */
  autoFill: boolean;
}

const FIELDS: readonly { name: NameField; label: string; autoComplete: string }[] = [
  { name: "firstName", label: "First Name", autoComplete: "given-name" },
  { name: "lastName", label: "Last Name", autoComplete: "family-name" },
];

/** First and last name side by side: the subscribe form, the member's profile and the admin's edit dialog ask alike. */
export function NameFields({ onChange, autoFill, ...values }: NameFieldsProps) {
  return (
    <div className="grid">
      {FIELDS.map((field) => (
        <label key={field.name}>
          {field.label}
          <input
            name={field.name}
            autoComplete={autoFill ? field.autoComplete : "off"}
            required
            maxLength={LIMITS.name}
            value={values[field.name]}
            onChange={onChange(field.name)}
          />
        </label>
      ))}
    </div>
  );
}
