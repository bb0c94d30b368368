/** The account emails (AccountService.ts) by name. */

/** The emails this context sends (the outbox renders them; `token` goes into the link). */
export const AccountEmail = {
  confirmEmail: "confirm-email",
  resetPassword: "reset-password",
  /** A sign-in from a device (browser) the member had not signed in from before: device, at, address. */
  newDeviceSignIn: "new-device-sign-in",
} as const
