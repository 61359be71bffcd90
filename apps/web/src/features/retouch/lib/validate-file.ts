import { IMAGE_POLICIES, isAllowedFileName } from "@gyeol/shared/uploads";

/**
 * spec 02 §5 "Retouch": only .jpg, .jpeg and .png names are accepted on the client (retouch's image
 * policy). True when the file may be uploaded; the server reads the real type from the bytes.
 */
export function isAllowedRetouchFile(file: Pick<File, "name">): boolean {
  return isAllowedFileName(IMAGE_POLICIES.retouch, file.name);
}
