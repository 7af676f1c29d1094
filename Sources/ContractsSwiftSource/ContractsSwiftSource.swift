// ContractsSwiftSource: see Package.swift
