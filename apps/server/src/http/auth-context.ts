/** Who is calling: set by the authentication hook on every signed-in request. */
export interface AuthContext {
  sessionId: string;
  userId: number;
  membershipId: number;
  teamId: number;
  isOwner: boolean;
  roleId: number | null;
  mobile: string;
}

/** Where a request comes from, for the operation log and the device list. */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}
