/** Stable codes of the refusals the ops tool can give; scripts may match on them. */
export type OpsErrorCode =
  | 'OPS_UNKNOWN_APP'
  | 'OPS_BAD_ARGUMENT'
  | 'OPS_BUILD_MISSING'
  | 'OPS_BUILD_INVALID'
  | 'OPS_MANIFEST_INVALID'
  | 'OPS_VERSION_CONFLICT'
  | 'OPS_VERSION_NOT_PUBLISHED'
  | 'OPS_NO_SHELL'
  | 'OPS_NOTHING_TO_ROLL_BACK'
  | 'OPS_INCOMPATIBLE_SHARED'
  | 'OPS_NO_CANARY'
  | 'OPS_REGISTRY_INVALID'
  | 'OPS_LOCK_TIMEOUT'
  | 'OPS_BACKUP_NO_POSTGRES'
  | 'OPS_BACKUP_FAILED'
  | 'OPS_BACKUP_INVALID'
  | 'OPS_RESTORE_TARGET_NOT_EMPTY'
  | 'OPS_BACKUP_NO_WAL_ARCHIVE'
  | 'OPS_RESTORE_BAD_TIME'
  | 'OPS_RESTORE_RECOVERY_FAILED';

/** An expected refusal: the message says exactly why and what to do; the CLI prints it without a stack. */
export class OpsError extends Error {
  override readonly name = 'OpsError';
  constructor(
    readonly code: OpsErrorCode,
    message: string,
  ) {
    super(message);
  }
}
