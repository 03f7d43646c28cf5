# task_before.py: Python run before a Python script of a task, in the same process.
# Use it to set os.environ values or to prepare modules every script relies on.
# Example:
# import os
# os.environ.setdefault("TZ", "Asia/Shanghai")
