# baihu-notify-version: 1
"""notify.py for scripts run by Baihu, with Qinglong's call signature:

    from notify import send
    send(title, content)

Delivery is done by the Baihu daemon, which implements every channel once: this module forwards the title, the
content and Qinglong's notification variables that are set (PUSH_KEY, BARK_*, TG_*, WEBHOOK_* ...) to the daemon's
local endpoint, authorised by the token Baihu gives each run. With no such variables the panel's channel is used.
Keyword arguments override the variables, as in Qinglong (`send(t, c, BARK_PUSH="...")`); with
ignore_default_config=True only the keyword arguments count. Outside Baihu (no BAIHU_NOTIFY_URL) the message is
printed instead. Never raises.

Baihu installs this file at start-up and replaces it when a newer version ships; local edits are not kept.
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
    "PUSHOVER_", "MATRIX_", "TEAMS_", "GOOGLE_CHAT_",
)


def _collect_env() -> dict:
    return {
        name: value
        for name, value in os.environ.items()
        if value and (name in _NAMES or name.startswith(_PREFIXES))
    }


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


def main() -> None:
    send("title", "content")


if __name__ == "__main__":
    main()
