import { unlessDuplicate, updateAlone } from "@turnleaf/kit";
import type { Connection } from "mongoose";
import type { UserMeta } from "../domain/user-meta.js";
import { type FeatureOverrideDocument, featureOverrideModel } from "./feature-override.schema.js";
import { type TeamRoleDocument, teamRoleModel } from "./team-role.schema.js";
import { type ThirdBindingDocument, thirdBindingModel } from "./third-binding.schema.js";
import { type UserMetaDocument, userMetaModel } from "./user-meta.schema.js";

/** Custom feature overrides, team roles, user preferences and third-party bindings. */
export class CustomPowerRepository {
  private readonly features;
  private readonly roles;
  private readonly metas;
  private readonly bindings;

  constructor(connection: Connection) {
    this.features = featureOverrideModel(connection);
    this.roles = teamRoleModel(connection);
    this.metas = userMetaModel(connection);
    this.bindings = thirdBindingModel(connection);
  }

  async listFeatureOverrides(account: string): Promise<FeatureOverrideDocument[]> {
    return this.features.find({ account }).sort({ feature: 1 }).lean<FeatureOverrideDocument[]>().exec();
  }

  async putFeatureOverride(account: string, feature: string, allowed: boolean): Promise<void> {
    await this.features
      .updateOne({ _id: `${account}:${feature}` }, { $set: { account, feature, allowed } }, { upsert: true })
      .exec();
  }

  async removeFeatureOverride(account: string, feature: string): Promise<void> {
    await this.features.deleteOne({ _id: `${account}:${feature}` }).exec();
  }

  async findRole(teamId: string, roleId: string): Promise<TeamRoleDocument | null> {
    return this.roles.findById(`${teamId}:${roleId}`).lean<TeamRoleDocument>().exec();
  }

  async putRole(role: Omit<TeamRoleDocument, "_id">): Promise<void> {
    await this.roles.updateOne({ _id: `${role.teamId}:${role.roleId}` }, { $set: role }, { upsert: true }).exec();
  }

  async findMeta(userId: string): Promise<UserMeta | undefined> {
    return (await this.metas.findById(userId).lean<UserMetaDocument>().exec())?.meta;
  }

  /**
   * Sets the given preference paths (`cb_renderType`, `pdfImportConfig.importTOC` …) and nothing else: concurrent
   * changes of other preferences all land.
   */
  async setMetaPaths(userId: string, paths: Record<string, unknown>): Promise<void> {
    const set = Object.fromEntries(Object.entries(paths).map(([path, value]) => [`meta.${path}`, value]));
    if (Object.keys(set).length === 0) return;
    await updateAlone(`user_meta:${userId}`, () =>
      this.metas.updateOne({ _id: userId }, { $set: set }, { upsert: true }).exec(),
    );
  }

  async findBinding(provider: string, subject: string): Promise<ThirdBindingDocument | null> {
    return this.bindings.findById(`${provider}:${subject}`).lean<ThirdBindingDocument>().exec();
  }

  /** Inserts unless the identity is bound already; answers whether it did. */
  async tryBind(binding: Omit<ThirdBindingDocument, "_id">): Promise<boolean> {
    return unlessDuplicate(() => this.bindings.create({ _id: `${binding.provider}:${binding.subject}`, ...binding }));
  }

  async listBindings(userId: string, provider?: string): Promise<ThirdBindingDocument[]> {
    const filter = provider ? { userId, provider } : { userId };
    return this.bindings.find(filter).sort({ _id: 1 }).lean<ThirdBindingDocument[]>().exec();
  }

  /** Moves one binding from a user to another, only if the first still holds it. */
  async moveBinding(id: string, fromUserId: string, toUserId: string, at: Date): Promise<boolean> {
    const result = await updateAlone(`binding:${id}`, () =>
      this.bindings.updateOne({ _id: id, userId: fromUserId }, { $set: { userId: toUserId, boundAt: at } }).exec(),
    );
    return result.modifiedCount > 0;
  }

  async ensureIndexes(): Promise<void> {
    await Promise.all([
      this.features.syncIndexes(),
      this.roles.syncIndexes(),
      this.metas.syncIndexes(),
      this.bindings.syncIndexes(),
    ]);
  }
}
