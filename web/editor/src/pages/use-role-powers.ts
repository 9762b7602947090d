import { useEffect, useState } from "react";
import { callOptional } from "../api.js";

/** In a team, the role's power codes (spec 000 §6); undefined outside a team or until they come. */
export function useRolePowers(teamId: string): string[] | undefined {
  const [rolePowers, setRolePowers] = useState<string[] | undefined>(undefined);
  useEffect(() => {
    if (teamId === "0" || teamId === "") return;
    let live = true;
    callOptional<{ powers: string[] }>("/api/team/get-team-role-power-config", { team: teamId }).then(
      (role) => live && setRolePowers(role?.powers),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [teamId]);
  return rolePowers;
}
