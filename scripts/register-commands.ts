import { DiscordAPIError, HTTPError, REST } from '@discordjs/rest';
import { Routes } from 'discord-api-types/v10';
import { registry } from '../commands';
import { ConfigError, loadConfig, type Config } from '../src/config';

/** Puts every command definition to Discord: on one server when DISCORD_GUILD_ID is set, else globally. */
async function register(config: Config): Promise<number> {
  const { discordToken: token, discordApplicationId: applicationId, discordGuildId: guildId } = config;
  if (!token || !applicationId) {
    console.error(
      'npm run register needs DISCORD_TOKEN and DISCORD_APPLICATION_ID (Developer Portal → your application) in .env or the environment.',
    );
    return 1;
  }
  const rest = new REST({ api: config.discordApiUrl }).setToken(token);
  const route = guildId ? Routes.applicationGuildCommands(applicationId, guildId) : Routes.applicationCommands(applicationId);
  const body = registry.commands.map((command) => command.definition.toJSON());
  const registered = (await rest.put(route, { body })) as { name: string }[];
  const names = registered.map((command) => `/${command.name}`).join(', ');
  console.log(`Registered ${registered.length} commands ${guildId ? `on server ${guildId}` : 'globally'}: ${names}`);
  return 0;
}

/**
 * Discord answered and said no (a bad token, a wrong application id), or the request never got an
 * answer (no network, a wrong DISCORD_API_URL): two different things to fix.
 */
function registerFailure(error: unknown, apiUrl: string): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof DiscordAPIError || error instanceof HTTPError) return `Discord refused the commands: ${reason}`;
  return `Discord could not be reached at ${apiUrl} (${reason}): check the network connection, then run npm run register again.`;
}

async function main(): Promise<number> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  try {
    return await register(config);
  } catch (error) {
    console.error(registerFailure(error, config.discordApiUrl));
    return 1;
  }
}

void main().then((code) => {
  process.exitCode = code;
});
