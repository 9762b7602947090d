import { type Connection, Schema } from "mongoose";

/** A team's role and the power codes it holds; `_id` is "<teamId>:<roleId>". */
export interface TeamRoleDocument {
  _id: string;
  teamId: string;
  roleId: string;
  roleName: string;
  powers: string[];
}

const teamRoleSchema = new Schema<TeamRoleDocument>(
  {
    _id: { type: String, required: true },
    teamId: { type: String, required: true },
    roleId: { type: String, required: true },
    roleName: { type: String, required: true },
    powers: { type: [String], default: [] },
  },
  { collection: "team_roles", versionKey: false },
);

export function teamRoleModel(connection: Connection) {
  return connection.model<TeamRoleDocument>("TeamRole", teamRoleSchema);
}
