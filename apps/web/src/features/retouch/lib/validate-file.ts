/** spec 02 §5 "Retouch": only .jpg, .jpeg and .png names are accepted on the client. */
export const RETOUCH_UPLOAD_EXTENSIONS = ["jpg", "jpeg", "png"] as const;
export const RETOUCH_UPLOAD_ACCEPT = "image/jpeg,image/png,.jpg,.jpeg,.png";

export function fileExtension(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot === -1 ? "" : name.slice(dot + 1).toLowerCase();
}

/** True when the file may be uploaded; the server reads the real type from the bytes. */
export function isAllowedRetouchFile(file: Pick<File, "name">): boolean {
  return (RETOUCH_UPLOAD_EXTENSIONS as readonly string[]).includes(fileExtension(file.name));
}
