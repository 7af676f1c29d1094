// ContractsTypeScriptSource: see Package.swift
