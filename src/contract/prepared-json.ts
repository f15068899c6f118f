/**
 * @module A payload whose JSON text is assembled by the caller, splicing in pieces serialised once
 * and cached (a screening answer's `coverage`); `value` makes the same payload as an object, for
 * MessagePack. The server's framing (server/http/framing.ts) writes it; the contract only builds it.
 */
export class PreparedJson {
  constructor(
    readonly value: () => unknown,
    readonly json: () => string,
  ) {}
}
