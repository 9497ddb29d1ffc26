/**
 * The `default` of a switch that words every kind of event: it compiles only while no kind is left
 * out, so a new kind cannot reach a player as a silent "Done.".
 */
export function unworded(event: never): never {
  throw new Error(`No wording for the event ${JSON.stringify(event)}`);
}
