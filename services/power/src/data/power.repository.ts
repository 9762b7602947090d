import { updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import { type TeamMemberDocument, teamMemberModel } from "./team-member.schema.js";
import { type UserDocument, userModel } from "./user.schema.js";

export class PowerRepository {
  private readonly users;
  private readonly teamMembers;

  constructor(connection: Connection) {
    this.users = userModel(connection);
    this.teamMembers = teamMemberModel(connection);
  }

  async findUser(userId: string): Promise<UserDocument | null> {
    return this.users.findOne({ userId }).lean<UserDocument>().exec();
  }

  async findTeamMember(teamId: string, userId: string): Promise<TeamMemberDocument | null> {
    return this.teamMembers.findOne({ teamId, userId }).lean<TeamMemberDocument>().exec();
  }

  /** Sets the logo of the user's books; answers the user, or null for an unknown one. */
  async setBookLogo(userId: string, bookLogo: string): Promise<UserDocument | null> {
    // updateOne, then a read: the MongoDB-wire server in use refuses findAndModify with the hidden-field projection.
    const result = await updateAlone(`user:${userId}`, () =>
      this.users.updateOne({ userId }, { $set: { bookLogo } }).exec(),
    );
    return result.matchedCount > 0 ? this.findUser(userId) : null;
  }

  async upsertUser(user: UserDocument): Promise<void> {
    await updateAlone(`user:${user.userId}`, () =>
      this.users.updateOne({ userId: user.userId }, { $set: user }, { upsert: true }).exec(),
    );
  }

  async upsertTeamMember(member: TeamMemberDocument): Promise<void> {
    await updateAlone(`team_member:${member.teamId}:${member.userId}`, () =>
      this.teamMembers
        .updateOne({ teamId: member.teamId, userId: member.userId }, { $set: member }, { upsert: true })
        .exec(),
    );
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([this.users.syncIndexes(), this.teamMembers.syncIndexes()]);
  }
}
