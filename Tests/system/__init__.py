"""Load and crash tests (a package, so that its conftest never shadows Tests/browser/conftest.py
when both folders are collected in one pytest run)."""
