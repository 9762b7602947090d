import { type Connection, Schema } from "mongoose";

export interface TeamMemberDocument {
  teamId: string;
  userId: string;
  roleId: string;
  roleName: string;
}

const teamMemberSchema = new Schema<TeamMemberDocument>(
  {
    teamId: { type: String, required: true },
    userId: { type: String, required: true },
    roleId: { type: String, required: true },
    roleName: { type: String, required: true },
  },
  { collection: "team_members", timestamps: true },
);
teamMemberSchema.index({ teamId: 1, userId: 1 }, { unique: true });

export function teamMemberModel(connection: Connection) {
  return connection.model<TeamMemberDocument>("TeamMember", teamMemberSchema);
}
