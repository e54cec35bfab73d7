import type { ComponentProps, FormEvent } from "react";

interface FormProps extends Omit<ComponentProps<"form">, "method" | "action" | "onSubmit"> {
  /** Called instead of the browser's own submission, which never happens (decision 104). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
}

/**
 * Every form of the product (decision 104): React sends it, with the API. Its method is POST, so even a native
 * submission could never put what was typed (a password, a code, a reset token) in a URL, and its submit is a
 * <Button>, disabled until React has taken over.
 */
export function Form({ onSubmit, ...props }: FormProps) {
  return (
    <form
      method="post"
      {...props}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event);
      }}
    />
  );
}
