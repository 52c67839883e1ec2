"""scorepad.exports"""
