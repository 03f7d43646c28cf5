"""QLAPI for Python scripts run by Baihu: Qinglong's global script API with its names, arguments and reply shapes.

Baihu puts this folder first on PYTHONPATH for every task and debug run, so Python imports this module at start-up
and `QLAPI` is a builtin, as in Qinglong. Importing it only defines the object: nothing is read, connected or
imported until a method is first called. A call goes to the daemon over HTTP on loopback (BAIHU_NOTIFY_URL) with the
run's own token (BAIHU_NOTIFY_TOKEN), which Baihu revokes when the run ends.

Every method returns a dict `{"code": ..., "data"?: ..., "message"?: ...}` as Qinglong's did; a refusal by the
daemon comes back with its code (400, 404 ...) and message. It raises only when the daemon cannot be reached, or
outside a run. A `sitecustomize` further down sys.path (the system's own) is still run after this one.
"""

import builtins
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))


def _request(method, path, body=None):
    base = os.environ.get("BAIHU_NOTIFY_URL")
    token = os.environ.get("BAIHU_NOTIFY_TOKEN")
    if not base or not token:
        raise RuntimeError("QLAPI works inside runs started by Baihu (a task, or a debug run)")
    import http.client
    import json
    from urllib.parse import urljoin, urlsplit

    target = urlsplit(urljoin(base.rstrip("/") + "/", path))
    payload = None if body is None else json.dumps(body).encode("utf-8")
    headers = {"Authorization": "Bearer " + token, "Accept": "application/json"}
    if payload is not None:
        headers["Content-Type"] = "application/json"
    # http.client never goes through a proxy, so http_proxy in the run's variables cannot divert a loopback call.
    connection = http.client.HTTPConnection(target.hostname, target.port, timeout=60)
    try:
        connection.request(method, target.path + ("?" + target.query if target.query else ""), payload, headers)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        status = response.status
    finally:
        connection.close()
    try:
        return json.loads(text)
    except ValueError:
        return {"code": status or 500, "message": text[:500]}


def _query(**params):
    from urllib.parse import urlencode

    present = {key: value for key, value in params.items() if value is not None}
    return "?" + urlencode(present) if present else ""


def _reply(answer, shape=None):
    if not isinstance(answer, dict) or answer.get("code") != 200:
        code = answer.get("code", 500) if isinstance(answer, dict) else 500
        return {"code": code, "message": answer.get("message") if isinstance(answer, dict) else None}
    if shape is None:
        return {"code": 200}
    return {"code": 200, "data": shape(answer.get("data"))}


def _required(name):
    return {"code": 400, "message": name + " parameter is required"}


def _ids(params):
    ids = (params or {}).get("ids")
    return ids if isinstance(ids, list) and ids else None


def _int64(value):
    # An int64 of Qinglong's gRPC messages: its client hands scripts the whole number as a string.
    return str(int(value)) if isinstance(value, (int, float)) and not isinstance(value, bool) else value


def _env_item(env):
    if not env:
        return env
    return {
        "id": env.get("id"),
        "name": env.get("name"),
        "value": env.get("value"),
        "remarks": env.get("remarks") or "",
        "status": env.get("status"),
        "position": _int64(env.get("position")),
    }


def _cron_item(cron):
    if not cron:
        return cron
    keys = (
        "id", "command", "schedule", "name", "labels", "sub_id", "extra_schedules", "task_before", "task_after",
        "status", "log_path", "pid", "last_running_time", "last_execution_time",
    )
    return {key: cron.get(key) for key in keys if cron.get(key) is not None}


def _defined(mapping):
    return {key: value for key, value in (mapping or {}).items() if value is not None}


class BaseApi:
    """Qinglong's QLAPI: the same method names, one dict argument, dict replies."""

    def notify(self, *args, **kwargs):
        # Baihu's own notify.py, shipped beside this file, whatever the user keeps in data/scripts.
        import importlib.util

        path = os.path.join(_HERE, "..", "..", "..", "daemon", "src", "notifications", "scripts", "notify.py")
        spec = importlib.util.spec_from_file_location("_baihu_notify", path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module.send(*args, **kwargs)

    def systemNotify(self, params=None):
        params = params or {}
        body = {"title": str(params.get("title") or ""), "content": str(params.get("content") or ""), "env": {}}
        answer = _request("POST", "api/notify/script", body)
        if answer.get("code") != 200:
            return {"code": answer.get("code", 400), "message": answer.get("message")}
        results = (answer.get("data") or {}).get("results") or []
        if any(result.get("ok") for result in results):
            return {"code": 200, "message": "通知发送成功"}
        return {"code": 400, "message": "通知发送失败，请检查系统设置/通知配置"}

    def getEnvs(self, params=None):
        search = (params or {}).get("searchValue")
        return _reply(_request("GET", "open/envs" + _query(searchValue=search)), lambda rows: [_env_item(r) for r in rows])

    def getEnvById(self, params=None):
        env_id = (params or {}).get("id")
        if not env_id:
            return _required("id")
        return _reply(_request("GET", "open/envs/%s" % int(env_id)), _env_item)

    def createEnv(self, params=None):
        envs = (params or {}).get("envs")
        if not isinstance(envs, list) or not envs:
            return _required("envs")
        body = [_defined({"name": e.get("name"), "value": e.get("value"), "remarks": e.get("remarks")}) for e in envs]
        return _reply(_request("POST", "open/envs", body), lambda rows: [_env_item(r) for r in rows])

    def updateEnv(self, params=None):
        env = (params or {}).get("env") or {}
        if not env.get("id"):
            return _required("id")
        body = _defined({"id": env.get("id"), "name": env.get("name"), "value": env.get("value"),
                         "remarks": env.get("remarks")})
        return _reply(_request("PUT", "open/envs", body), _env_item)

    def deleteEnvs(self, params=None):
        ids = _ids(params)
        return _required("ids") if ids is None else _reply(_request("DELETE", "open/envs", ids))

    def moveEnv(self, params=None):
        params = params or {}
        if not params.get("id"):
            return _required("id")
        body = {"fromIndex": params.get("fromIndex"), "toIndex": params.get("toIndex")}
        return _reply(_request("PUT", "open/envs/%s/move" % int(params["id"]), body), _env_item)

    def disableEnvs(self, params=None):
        ids = _ids(params)
        return _required("ids") if ids is None else _reply(_request("PUT", "open/envs/disable", ids))

    def enableEnvs(self, params=None):
        ids = _ids(params)
        return _required("ids") if ids is None else _reply(_request("PUT", "open/envs/enable", ids))

    def updateEnvNames(self, params=None):
        ids = _ids(params)
        if ids is None:
            return _required("ids")
        return _reply(_request("PUT", "open/envs/name", {"ids": ids, "name": (params or {}).get("name")}))

    def getCronDetail(self, params=None):
        log_path = (params or {}).get("log_path")
        if not log_path:
            return {"code": 400, "message": "log_path is required"}
        return _reply(_request("GET", "open/crons/detail" + _query(log_path=log_path)), _cron_item)

    def createCron(self, params=None):
        return _reply(_request("POST", "open/crons", _defined(params)), _cron_item)

    def updateCron(self, params=None):
        if not (params or {}).get("id"):
            return _required("id")
        return _reply(_request("PUT", "open/crons", _defined(params)), _cron_item)

    def deleteCrons(self, params=None):
        ids = _ids(params)
        return _required("ids") if ids is None else _reply(_request("DELETE", "open/crons", ids))

    def getCrons(self, params=None):
        search = (params or {}).get("searchValue")
        answer = _request("GET", "open/crons" + _query(searchValue=search))
        return _reply(answer, lambda page: [_cron_item(c) for c in (page or {}).get("data", [])])

    def getCronById(self, params=None):
        cron_id = (params or {}).get("id")
        if not cron_id:
            return _required("id")
        return _reply(_request("GET", "open/crons/%s" % int(cron_id)), _cron_item)

    def enableCrons(self, params=None):
        ids = _ids(params)
        return _required("ids") if ids is None else _reply(_request("PUT", "open/crons/enable", ids))

    def disableCrons(self, params=None):
        ids = _ids(params)
        return _required("ids") if ids is None else _reply(_request("PUT", "open/crons/disable", ids))

    def runCrons(self, params=None):
        ids = _ids(params)
        return _required("ids") if ids is None else _reply(_request("PUT", "open/crons/run", ids))


def _chain_next_sitecustomize():
    """Runs the sitecustomize Python would have imported if this folder were not first on the path."""
    import importlib.machinery
    import importlib.util

    rest = [entry for entry in sys.path if os.path.abspath(entry or ".") != _HERE]
    spec = importlib.machinery.PathFinder.find_spec("sitecustomize", rest)
    if spec is None or spec.loader is None:
        return
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)


if not hasattr(builtins, "QLAPI"):
    builtins.QLAPI = BaseApi()
try:
    _chain_next_sitecustomize()
except Exception as error:  # noqa: BLE001 - the system's hook must not stop the user's script
    print("sitecustomize after Baihu's QLAPI failed: %s" % error, file=sys.stderr)
