import { LIMITS } from "../../domain/validation.ts";

interface NameFieldsProps {
  firstName: string;
  lastName: string;
  onChange: (name: "firstName" | "lastName") => (event: { target: { value: string } }) => void;
  /** Off where an admin types someone else's name, so the browser does not offer the admin's own. */
  autoFill: boolean;
}

/** First and last name side by side: the subscribe form, the member's profile and the admin's edit dialog ask alike. */
export function NameFields({ firstName, lastName, onChange, autoFill }: NameFieldsProps) {
  return (
    <div className="grid">
      <label>
        First Name
        <input
          name="firstName"
          autoComplete={autoFill ? "given-name" : "off"}
          required
          maxLength={LIMITS.name}
          value={firstName}
          onChange={onChange("firstName")}
        />
      </label>
      <label>
        Last Name
        <input
          name="lastName"
          autoComplete={autoFill ? "family-name" : "off"}
          required
          maxLength={LIMITS.name}
          value={lastName}
          onChange={onChange("lastName")}
        />
      </label>
    </div>
  );
}
