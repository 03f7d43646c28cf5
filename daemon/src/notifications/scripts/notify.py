# baihu-notify-version: 2
"""notify.py for scripts run by Baihu, with Qinglong's call signature:

    from notify import send
    send(title, content)

and what scripts use of Qinglong's module besides: the `push_config` table (filled from the variables when the
module loads; a script may set entries before calling `send`) and one function per channel (`bark(title, content)`,
`telegram_bot(...)`, `pushplus_bot(...)` ...), which sends through that channel alone.

Delivery is done by the Baihu daemon, which implements every channel once: this module forwards the title, the
content and Qinglong's notification variables that are set (PUSH_KEY, BARK_*, TG_*, WEBHOOK_* ...) to the daemon's
local endpoint, authorised by the token Baihu gives each run. With no such variables the panel's channel is used.
Keyword arguments override the variables, as in Qinglong (`send(t, c, BARK_PUSH="...")`); with
ignore_default_config=True only the keyword arguments count. Outside Baihu (no BAIHU_NOTIFY_URL) the message is
printed instead. Never raises.

Baihu installs this file at start-up and replaces it when a newer version ships. A notify.py that is not Baihu's (a
Qinglong one with settings written in, or your own) is never replaced: Baihu's then lives beside it as
baihu_notify.py.
Python 3 standard library only.
"""
import json
import os
import urllib.error
import urllib.request

_NAMES = ("PUSH_KEY", "IGOT_PUSH_KEY", "FSKEY", "FSSECRET", "HITOKOTO", "SKIP_PUSH_TITLE")
_PREFIXES = (
    "BARK_", "TG_", "DD_BOT_", "QYWX_", "PUSH_PLUS_", "WE_PLUS_BOT_", "GOBOT_", "GOTIFY_", "DEER_", "CHAT_",
    "AIBOTK_", "SMTP_", "PUSHME_", "CHRONOCAT_", "NTFY_", "WXPUSHER_", "WEBHOOK_", "DISCORD_", "SLACK_",
    "PUSHOVER_", "MATRIX_", "TEAMS_", "GOOGLE_CHAT_", "OPENILINK_",
)

# Qinglong's table of settings, filled from the variables of the same names as Qinglong's module does.
push_config = {
    name: ""
    for name in (
        "HITOKOTO", "SKIP_PUSH_TITLE", "BARK_PUSH", "BARK_ARCHIVE", "BARK_GROUP", "BARK_SOUND", "BARK_ICON",
        "BARK_LEVEL", "BARK_URL", "CONSOLE", "DD_BOT_SECRET", "DD_BOT_TOKEN", "FSKEY", "FSSECRET", "GOBOT_URL",
        "GOBOT_QQ", "GOBOT_TOKEN", "GOTIFY_URL", "GOTIFY_TOKEN", "GOTIFY_PRIORITY", "IGOT_PUSH_KEY", "PUSH_KEY",
        "DEER_KEY", "DEER_URL", "CHAT_URL", "CHAT_TOKEN", "PUSH_PLUS_TOKEN", "PUSH_PLUS_USER", "PUSH_PLUS_TEMPLATE",
        "PUSH_PLUS_CHANNEL", "PUSH_PLUS_WEBHOOK", "PUSH_PLUS_CALLBACKURL", "PUSH_PLUS_TO", "WE_PLUS_BOT_TOKEN",
        "WE_PLUS_BOT_RECEIVER", "WE_PLUS_BOT_VERSION", "QMSG_KEY", "QMSG_TYPE", "QYWX_ORIGIN", "QYWX_AM", "QYWX_KEY",
        "TG_BOT_TOKEN", "TG_USER_ID", "TG_API_HOST", "TG_PROXY_AUTH", "TG_PROXY_HOST", "TG_PROXY_PORT",
        "AIBOTK_KEY", "AIBOTK_TYPE", "AIBOTK_NAME", "SMTP_SERVER", "SMTP_SSL", "SMTP_EMAIL", "SMTP_PASSWORD",
        "SMTP_NAME", "SMTP_EMAIL_TO", "SMTP_NAME_TO", "PUSHME_KEY", "PUSHME_URL", "CHRONOCAT_QQ", "CHRONOCAT_TOKEN",
        "CHRONOCAT_URL", "WEBHOOK_URL", "WEBHOOK_BODY", "WEBHOOK_HEADERS", "WEBHOOK_METHOD", "WEBHOOK_CONTENT_TYPE",
        "NTFY_URL", "NTFY_TOPIC", "NTFY_PRIORITY", "NTFY_TOKEN", "NTFY_USERNAME", "NTFY_PASSWORD", "NTFY_ACTIONS",
        "WXPUSHER_APP_TOKEN", "WXPUSHER_TOPIC_IDS", "WXPUSHER_UIDS", "WXPUSHER_SPT", "OPENILINK_APP_TOKEN",
        "OPENILINK_HUB_URL", "OPENILINK_CONTEXT_TOKEN",
    )
}
for _name in push_config:
    if os.getenv(_name):
        push_config[_name] = os.getenv(_name)

# Each channel function of Qinglong's module: its name, the variables it needs, and the prefixes of its settings.
_CHANNELS = {
    "bark": (("BARK_PUSH",), ("BARK_",)),
    "dingding_bot": (("DD_BOT_TOKEN",), ("DD_BOT_",)),
    "feishu_bot": (("FSKEY",), ("FSKEY", "FSSECRET")),
    "go_cqhttp": (("GOBOT_URL",), ("GOBOT_",)),
    "gotify": (("GOTIFY_URL", "GOTIFY_TOKEN"), ("GOTIFY_",)),
    "iGot": (("IGOT_PUSH_KEY",), ("IGOT_PUSH_KEY",)),
    "serverJ": (("PUSH_KEY",), ("PUSH_KEY",)),
    "pushdeer": (("DEER_KEY",), ("DEER_",)),
    "chat": (("CHAT_URL", "CHAT_TOKEN"), ("CHAT_",)),
    "pushplus_bot": (("PUSH_PLUS_TOKEN",), ("PUSH_PLUS_",)),
    "weplus_bot": (("WE_PLUS_BOT_TOKEN",), ("WE_PLUS_BOT_",)),
    "qmsg_bot": (("QMSG_KEY", "QMSG_TYPE"), ("QMSG_",)),
    "wecom_app": (("QYWX_AM",), ("QYWX_",)),
    "wecom_bot": (("QYWX_KEY",), ("QYWX_",)),
    "telegram_bot": (("TG_BOT_TOKEN", "TG_USER_ID"), ("TG_",)),
    "aibotk": (("AIBOTK_KEY", "AIBOTK_TYPE", "AIBOTK_NAME"), ("AIBOTK_",)),
    "smtp": (("SMTP_EMAIL", "SMTP_PASSWORD"), ("SMTP_",)),
    "pushme": (("PUSHME_KEY",), ("PUSHME_",)),
    "chronocat": (("CHRONOCAT_URL", "CHRONOCAT_QQ", "CHRONOCAT_TOKEN"), ("CHRONOCAT_",)),
    "ntfy": (("NTFY_TOPIC",), ("NTFY_",)),
    "wxpusher_bot": (("WXPUSHER_APP_TOKEN",), ("WXPUSHER_APP_TOKEN", "WXPUSHER_TOPIC_IDS", "WXPUSHER_UIDS")),
    "wxpusher_spt": (("WXPUSHER_SPT",), ("WXPUSHER_SPT",)),
    "openilink": (("OPENILINK_APP_TOKEN",), ("OPENILINK_",)),
    "custom_notify": (("WEBHOOK_URL",), ("WEBHOOK_",)),
}


def _collect_env() -> dict:
    found = {
        name: value
        for name, value in os.environ.items()
        if value and (name in _NAMES or name.startswith(_PREFIXES))
    }
    # What the script put into push_config wins over the variables, as in Qinglong.
    found.update({name: str(value) for name, value in push_config.items() if value})
    return found


def _print(*args) -> None:
    print(*args, flush=True)


def send(title: str, content: str, ignore_default_config: bool = False, **kwargs) -> None:
    title = "" if title is None else str(title)
    content = "" if content is None else str(content)
    if not content:
        _print(f"{title} 推送内容为空！")
        return
    base = os.environ.get("BAIHU_NOTIFY_URL")
    token = os.environ.get("BAIHU_NOTIFY_TOKEN")
    if not base or not token:
        _print(f"{title}\n\n{content}")
        _print("\n(Not run by Baihu: the notification above was printed, not sent.)")
        return

    env = {} if ignore_default_config else _collect_env()
    env.update({str(k): str(v) for k, v in kwargs.items() if v is not None and v != ""})
    payload = json.dumps({"title": title, "content": content, "env": env}).encode("utf-8")
    request = urllib.request.Request(
        base.rstrip("/") + "/api/notify/script",
        data=payload,
        method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {token}"},
    )
    try:
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                reply = json.loads(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            reply = json.loads(error.read().decode("utf-8") or "{}")
    except Exception as error:  # noqa: BLE001 - a notification must never break the script
        _print(f"通知发送失败 Notification failed: {error}")
        return

    if reply.get("code") != 200:
        _print(f"通知发送失败 Notification failed: {reply.get('message')}")
        return
    data = reply.get("data") or {}
    results = data.get("results") or []
    if data.get("skipped"):
        _print(f"{title} 在 SKIP_PUSH_TITLE 变量内，跳过推送！")
    elif not results:
        _print("未配置通知方式 No notification channel is set up")
    for result in results:
        if result.get("ok"):
            _print(f"{result.get('channel')} 推送成功！")
        else:
            _print(f"{result.get('channel')} 推送失败！{result.get('message')}")


def _channel(name: str, required: tuple, prefixes: tuple):
    def deliver(title: str, content: str, **kwargs) -> None:
        settings = {key: value for key, value in _collect_env().items() if key.startswith(prefixes)}
        settings.update({str(k): str(v) for k, v in kwargs.items() if v is not None and v != ""})
        missing = [key for key in required if not settings.get(key)]
        if missing:
            _print(f"{name} 服务的 {', '.join(missing)} 未设置!!\n取消推送")
            return
        send(title, content, ignore_default_config=True, **settings)

    deliver.__name__ = name
    deliver.__doc__ = f"Sends through {name} alone (Qinglong's {name}(title, content))."
    return deliver


for _name, (_required, _prefixes) in _CHANNELS.items():
    globals()[_name] = _channel(_name, _required, _prefixes)


def console(title: str, content: str) -> None:
    _print(f"{title}\n\n{content}")


def one() -> str:
    """Qinglong's hitokoto helper: a one-line quote (empty when it cannot be fetched)."""
    try:
        with urllib.request.urlopen("https://v1.hitokoto.cn/", timeout=10) as response:
            data = json.loads(response.read().decode("utf-8"))
        return f"{data.get('hitokoto', '')}    ----{data.get('from', '')}"
    except Exception:  # noqa: BLE001
        return ""


def main() -> None:
    send("title", "content")


if __name__ == "__main__":
    main()
