import { useScreenServices } from "../screen-services.js";

/** The chosen icon picture: its bytes in base64 and a preview. */
export interface ChosenIcon {
  base64: string;
  preview: string;
}

/** The package's icon: a PNG or JPEG picture, previewed; none chosen, the server uses the book's cover. */
export function IconField({
  icon,
  onChoose,
}: {
  icon: ChosenIcon | undefined;
  onChoose(icon: ChosenIcon | undefined): void;
}) {
  const { labels } = useScreenServices();
  return (
    <label>
      {labels.publishIcon}
      <input
        type="file"
        accept="image/png,image/jpeg"
        data-testid="publish-icon"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (!file) return onChoose(undefined);
          const reader = new FileReader();
          reader.onload = () => {
            const preview = String(reader.result);
            onChoose({ base64: preview.slice(preview.indexOf(",") + 1), preview });
          };
          reader.readAsDataURL(file);
        }}
      />
      {icon ? <img src={icon.preview} alt="" width={48} height={48} data-testid="publish-icon-preview" /> : null}
    </label>
  );
}
