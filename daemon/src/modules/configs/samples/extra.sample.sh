#!/usr/bin/env bash
## extra.sh: your own commands, run after each subscription pull and at start-up when
## EnableExtraShell="true" in config.sh. Useful to install something or copy files into data/scripts.
## Example:
# cp -f "$QL_DATA_DIR/repo/some_repo/helper.js" "$QL_DATA_DIR/scripts/"
