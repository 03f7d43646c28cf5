## Baihu configuration (config.sh)
## Read by bash before every task run, so a saved change applies to the next run without a restart.
## Plain assignments only; anything exported here reaches the scripts. Variables set in the panel's
## "Environment variables" page win over the same names here.

## ---- Subscriptions ------------------------------------------------------------------------------
## Remove tasks whose script disappeared from a subscription on the next pull: "true" or "false".
AutoDelCron="true"

## Add tasks for new scripts found by a subscription pull: "true" or "false".
AutoAddCron="true"

## Schedule given to a new script that declares none; empty = pick a random time once a day.
DefaultCronRule=""

## File extensions a subscription pull looks at for scripts, separated by spaces.
RepoFileExtensions="js mjs py pyc"

## Proxy used for pulls from GitHub and similar hosts, e.g. "https://ghproxy.example/" (empty = none).
ProxyUrl=""

## ---- Runs ---------------------------------------------------------------------------------------
## Longest a run may take before it is stopped: a number with s, m, h or d (e.g. "1h"); empty = no limit.
## A task's own "-m" option overrides it.
CommandTimeoutTime=""

## Random delay before scheduled runs, up to this many seconds (spreads requests of many accounts).
## Empty or 0 = no delay. Runs started by hand and "task ... now" never wait.
RandomDelay=""

## Only scripts with these extensions get the random delay (space separated); empty = every script.
RandomDelayFileExtensions="js"

## Minutes of the hour at which no random delay applies, so time-critical tasks start on time.
RandomDelayIgnoredMinutes="0 30"

## ---- Extra shell --------------------------------------------------------------------------------
## Run data/config/extra.sh after each subscription pull and at start-up: "true" or "false".
EnableExtraShell="false"

## ---- Notifications ------------------------------------------------------------------------------
## Notification channels are set up in the panel: Settings -> Notifications. Scripts that call
## sendNotify (notify.js / notify.py) send through the panel's channel without any keys here.
## Keys for a script's own notifier may still be exported here if a script expects them, e.g.:
# export PUSH_KEY=""
# export TG_BOT_TOKEN=""
# export TG_USER_ID=""
