// ContractsGenerate: see Package.swift
