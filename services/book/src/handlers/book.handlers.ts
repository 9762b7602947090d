import type { BookService } from "@turnleaf/contracts/book/v1/book_service_pb";
import type { PowerService, TeamMember } from "@turnleaf/contracts/power/v1/power_service_pb";
import { DomainError, type ServiceImplementation, type TypedClient } from "@turnleaf/kit";
import type { BookRepository } from "../data/book.repository.js";
import { buildReadyConfig, mayOpenBook, normaliseReadyConfigQuery } from "../domain/ready-config.js";

export interface BookHandlerDependencies {
  books: BookRepository;
  power: TypedClient<typeof PowerService>;
}

export function bookHandlers({ books, power }: BookHandlerDependencies): ServiceImplementation<typeof BookService> {
  const findMember = async (teamId: string, userId: string): Promise<TeamMember | undefined> => {
    if (teamId === "0") return undefined;
    try {
      return (await power.getTeamMember({ teamId, userId })).member;
    } catch (error) {
      if (error instanceof DomainError && error.kind === "NOT_FOUND") {
        throw new DomainError("PERMISSION_DENIED", "not a member of this team");
      }
      throw error;
    }
  };
  const findUser = async (userId: string) => {
    const user = (await power.getUser({ userId })).user;
    if (!user) throw new DomainError("INTERNAL", `power service answered no user for ${userId}`);
    return user;
  };

  return {
    async getReadyConfig(request) {
      const query = normaliseReadyConfigQuery(request);
      const [user, member] = await Promise.all([findUser(query.userId), findMember(query.teamId, query.userId)]);
      const book = query.number ? await books.findByNumber(query.number) : undefined;
      if (book === null || (book && !mayOpenBook(book, query, member))) {
        throw new DomainError("NOT_FOUND", "book not found", { details: { number: query.number } });
      }
      const owner = book && book.ownerId !== user.userId ? await findUser(book.ownerId) : user;
      return { readyConfig: buildReadyConfig({ query, user, owner, book, member }) };
    },
  };
}
