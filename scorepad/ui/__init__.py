"""scorepad.ui"""
