import { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import { type ServiceRegistration, serve } from "@turnleaf/kit";
import { type BookHandlerDependencies, bookHandlers } from "./handlers/book.handlers.js";

export function buildServices(dependencies: BookHandlerDependencies): ServiceRegistration[] {
  return [serve(BookService, bookHandlers(dependencies))];
}
