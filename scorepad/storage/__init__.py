"""scorepad.storage"""
