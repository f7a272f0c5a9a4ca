#!/bin/sh
# make.sh -- `make` on a bare Debian 12: the README's two commands are `sh make.sh run` and
# `sh make.sh test`.  A fresh container or cloud image has apt but neither make nor a C
# compiler; this installs make with apt-get when it is missing and hands over to make, whose
# Makefile installs the compiler and libraries it lacks (.deps-ok).  POSIX sh: no bash needed.
set -e
cd "$(dirname "$0")"
if ! command -v make >/dev/null 2>&1; then
	echo "make.sh: installing make with apt-get"
	SUDO=
	[ "$(id -u)" = 0 ] || SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends make >/dev/null
fi
exec make "$@"
