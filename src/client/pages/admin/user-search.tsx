/** Filters as you type; the server searches email, first and last name. */
export function UserSearch({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div className="user-search">
      <input
        type="search"
        name="search"
        placeholder="Search by email, first name, or last name..."
        aria-label="Search users"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
