import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { DomainError, message, type ServiceImplementation } from "@turnleaf/kit";
import { pixelProblem } from "../domain/image-pixels.js";
import type { MeasurePicture } from "../domain/logo-settings.js";

const userIdPattern = /^[0-9]{1,20}$/;

/**
 * CheckLogo: the account-wide logo (update-user-book-logo) measured by the same rules as a book's logo settings —
 * its bytes, wherever they are, not what the editor says about them.
 */
export function pictureHandlers(deps: {
  measurePicture: MeasurePicture;
}): Pick<ServiceImplementation<typeof BookService>, "checkLogo"> {
  return {
    async checkLogo(request) {
      if (!userIdPattern.test(request.userId)) throw new DomainError("UNAUTHENTICATED", message("pleaseLogIn"));
      const size = await deps.measurePicture(request.url);
      if (size === null) return { width: 0, height: 0 };
      const problem = pixelProblem(size, "logo");
      if (problem) throw problem;
      return { width: size?.width ?? 0, height: size?.height ?? 0 };
    },
  };
}
