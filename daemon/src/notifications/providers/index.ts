import type { NotifySendingChannelId } from '../../contract/notifications.ts';
import type { NotifyProvider } from '../provider.ts';
import { aibotk } from './aibotk.ts';
import { bark } from './bark.ts';
import { chat } from './chat.ts';
import { chronocat } from './chronocat.ts';
import { dingtalkBot } from './dingtalkBot.ts';
import { discord } from './discord.ts';
import { email } from './email.ts';
import { goCqHttpBot } from './goCqHttpBot.ts';
import { googleChat } from './googleChat.ts';
import { gotify } from './gotify.ts';
import { iGot } from './iGot.ts';
import { lark } from './lark.ts';
import { matrix } from './matrix.ts';
import { ntfy } from './ntfy.ts';
import { pushDeer } from './pushDeer.ts';
import { pushMe } from './pushMe.ts';
import { pushover } from './pushover.ts';
import { pushPlus } from './pushPlus.ts';
import { serverChan } from './serverChan.ts';
import { slack } from './slack.ts';
import { teams } from './teams.ts';
import { telegramBot } from './telegramBot.ts';
import { webhook } from './webhook.ts';
import { weWorkApp } from './weWorkApp.ts';
import { weWorkBot } from './weWorkBot.ts';
import { wePlusBot } from './wePlusBot.ts';
import { wxPusherBot } from './wxPusherBot.ts';
import { wxPusherSpt } from './wxPusherSpt.ts';
import { openiLink } from './openiLink.ts';

/** Every provider by channel id. The type makes a channel in the contract without a provider a compile error. */
export const providers: Record<NotifySendingChannelId, NotifyProvider> = {
  gotify,
  ntfy,
  goCqHttpBot,
  serverChan,
  pushDeer,
  bark,
  telegramBot,
  dingtalkBot,
  weWorkBot,
  weWorkApp,
  aibotk,
  iGot,
  pushPlus,
  wePlusBot,
  wxPusherBot,
  wxPusherSpt,
  openiLink,
  chat,
  email,
  lark,
  pushMe,
  chronocat,
  webhook,
  discord,
  slack,
  pushover,
  matrix,
  teams,
  googleChat,
};
