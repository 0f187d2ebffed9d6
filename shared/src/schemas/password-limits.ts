// The password's length limits, on their own (no valibot): the design system's new-password fields
// state the shortest length without bringing the schemas into its bundle.

/** Shortest password accepted. */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted (argon2 input stays bounded). */
export const PASSWORD_MAX_LENGTH = 128;
