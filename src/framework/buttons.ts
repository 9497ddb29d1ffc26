import { parseButtonId, type ButtonAction } from '../views/button-ids';
import type { Reply } from '../views/reply';
import { UserError, type ButtonRoute, type ComponentContext } from './command';

type Command = ButtonAction['command'];
type ActionOf<C extends Command> = Extract<ButtonAction, { command: C }>['action'];
/** The button of that command whose actions include `A` (several actions may share one shape). */
type Pressed<C extends Command, A extends string> = ButtonAction extends infer B
  ? B extends { command: C; action: infer X }
    ? A extends X
      ? B
      : never
    : never
  : never;

export const NO_LONGER = 'This button no longer does anything.';

/** The `<command>:<action>` a custom id starts with, which picks the handler of its press. */
export function routeKey(customId: string): string {
  const [command = '', action = ''] = customId.split(':', 2);
  return `${command}:${action}`;
}

/** Declares the handler of the buttons `buttonId({ command, action, … })` makes, given the button parsed. */
export function onButton<C extends Command, A extends ActionOf<C>>(
  command: C,
  action: A,
  press: (ctx: ComponentContext, button: Pressed<C, A>) => Promise<Reply>,
  declared: Pick<ButtonRoute, 'claimedBySave'> = {},
): ButtonRoute {
  return {
    ...declared,
    key: `${command}:${action}`,
    press(ctx) {
      const button = parseButtonId(ctx.customId);
      // A custom id this version does not make (an old message's) does nothing.
      if (button?.command !== command || button.action !== action) return Promise.reject(new UserError(NO_LONGER));
      return press(ctx, button as Pressed<C, A>);
    },
  };
}
