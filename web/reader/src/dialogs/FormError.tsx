/** Why a dialog's form was refused (a wrong password, a message the server did not take); nothing when all is well. */
export function FormError({ text }: { text: string }) {
  return text ? (
    <p role="alert" className="tl-error">
      {text}
    </p>
  ) : null;
}
