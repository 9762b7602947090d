import type { Connection, Model, Schema } from "mongoose";

/** One model per name and connection (a repository may be built more than once on a connection). */
export function modelOf<T>(connection: Connection, name: string, schema: Schema<T>): Model<T> {
  return (connection.models[name] as Model<T> | undefined) ?? connection.model<T>(name, schema);
}
