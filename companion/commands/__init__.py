"""Subcommands of `companion`, one module each.

Every module here defines `register(subparsers)`, which adds its parser and sets
`handler=` to a function `(argparse.Namespace) -> int`. The CLI discovers the
modules, so adding a command never means editing a shared list.
"""
